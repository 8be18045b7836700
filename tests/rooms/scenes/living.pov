// Living room: a chimney breast (the feature wall) with a painted fire surround, alcoves either
// side, a sash window on the left wall, a panelled door on the back wall, sofa, sideboard, lamps.
// Room: x 0..5 (left wall at x = 0, window), z 0..4.2 (back wall at z = 4.2), y 0..2.6.
#version 3.7;
#include "common.inc"

#declare RoomW = 5.0;
#declare RoomD = 4.2;
#declare RoomH = 2.6;
#declare T = 0.15; // wall thickness
#declare Exposure = (Light = 0 ? 1.0 : (Light = 1 ? 1.0 : 1.0));

camera {
  location <4.3, 1.5, 0.15>
  look_at <1.7, 1.12, 4.2>
  right x * image_width / image_height
  angle 74
}

Outside()

// ---- window on the left wall (x = 0), centred at z = 3.05 ----
#declare WinW = 1.1;
#declare WinH = 1.45;
#declare WinSill = 0.8;
#declare WinZ = 3.05;
// the window's local +z (outwards) becomes -x
#declare WinFrame = transform { rotate y * -90 translate <0, WinSill, WinZ> }

object { WindowUnit(WinW, WinH, T) transform { WinFrame } }
WindowLight(WinW, WinH, T, (Light = 0 ? 3.2 : 2.2) * Exposure, WinFrame)
Sun(<-1, 0.62, -0.45>, 3.2 * Exposure)

// ---- walls ----
// left wall with the window opening (plane 1)
difference {
  box { <-T, 0, -T>, <0, RoomH, RoomD + T> }
  box { <-T - 0.1, WinSill, WinZ - WinW / 2>, <0.1, WinSill + WinH, WinZ + WinW / 2> }
  Wall(1)
}
// back wall, left alcove (plane 2) and right part with the door opening (plane 3)
#declare CbX0 = 1.6;
#declare CbX1 = 3.2;
#declare CbZ = 3.72;
box { <0, 0, RoomD>, <CbX0, RoomH, RoomD + T> Wall(2) }
#declare DoorX = 4.3;
#declare DoorW = 0.84;
#declare DoorH = 2.02;
difference {
  box { <CbX1, 0, RoomD>, <RoomW + T, RoomH, RoomD + T> }
  box { <DoorX - DoorW / 2, -0.1, RoomD - 0.1>, <DoorX + DoorW / 2, DoorH, RoomD + T + 0.1> }
  Wall(3)
}
// chimney breast: the feature wall (plane 4)
difference {
  box { <CbX0, 0, CbZ>, <CbX1, RoomH, RoomD + 0.01> }
  box { <2.4 - 0.32, 0, CbZ - 0.1>, <2.4 + 0.32, 0.62, CbZ + 0.3> }
  Feature(4)
}
// right wall (plane 5) and front wall (plane 6), mostly behind the camera
box { <RoomW, 0, -T>, <RoomW + T, RoomH, RoomD + T> Wall(5) }
box { <-T, 0, -T>, <RoomW + T, RoomH, 0> Wall(6) }

// floor and ceiling
box { <-T, -0.1, -T>, <RoomW + T, 0, RoomD + T> Other(T_Oak) }
box { <-T, RoomH, -T>, <RoomW + T, RoomH + 0.1, RoomD + T> Ceiling() }

// ---- woodwork: skirting, door and its architrave, fire surround ----
#declare SkH = 0.16;
#declare SkT = 0.022;
union {
  box { <0, 0, 0>, <SkT, SkH, WinZ + 5> }
  box { <0, 0, RoomD - SkT>, <CbX0 + SkT, SkH, RoomD> }
  box { <CbX0, 0, CbZ>, <CbX0 + SkT, SkH, RoomD> }
  box { <CbX0, 0, CbZ - SkT>, <2.4 - 0.32, SkH, CbZ> }
  box { <2.4 + 0.32, 0, CbZ - SkT>, <CbX1, SkH, CbZ> }
  box { <CbX1 - SkT, 0, CbZ>, <CbX1, SkH, RoomD> }
  box { <CbX1, 0, RoomD - SkT>, <DoorX - DoorW / 2 - 0.07, SkH, RoomD> }
  box { <DoorX + DoorW / 2 + 0.07, 0, RoomD - SkT>, <RoomW, SkH, RoomD> }
  box { <RoomW - SkT, 0, 0>, <RoomW, SkH, RoomD> }
  // architrave round the door
  difference {
    box { <DoorX - DoorW / 2 - 0.075, 0, RoomD - 0.022>, <DoorX + DoorW / 2 + 0.075, DoorH + 0.075, RoomD> }
    box { <DoorX - DoorW / 2, -0.1, RoomD - 0.1>, <DoorX + DoorW / 2, DoorH, RoomD + 0.1> }
  }
  // door leaf, four panels, set in the opening
  difference {
    box { <DoorX - DoorW / 2, 0.005, RoomD + 0.02>, <DoorX + DoorW / 2, DoorH, RoomD + 0.06> }
    #for (Px, 0, 1)
      #for (Py, 0, 1)
        #local X0 = DoorX - DoorW / 2 + 0.1 + Px * (DoorW / 2 - 0.05);
        #local Y0 = 0.2 + Py * 0.95;
        box { <X0, Y0, RoomD + 0.01>, <X0 + DoorW / 2 - 0.15, Y0 + (Py = 0 ? 0.75 : 0.72), RoomD + 0.03> }
      #end
    #end
  }
  // fire surround: legs, frieze, mantel shelf
  box { <2.4 - 0.62, 0, CbZ - 0.06>, <2.4 - 0.36, 1.08, CbZ> }
  box { <2.4 + 0.36, 0, CbZ - 0.06>, <2.4 + 0.62, 1.08, CbZ> }
  box { <2.4 - 0.62, 0.66, CbZ - 0.06>, <2.4 + 0.62, 1.08, CbZ> }
  box { <2.4 - 0.72, 1.08, CbZ - 0.18>, <2.4 + 0.72, 1.13, CbZ> }
  Wood()
}
// firebox and hearth
box { <2.4 - 0.36, 0, CbZ - 0.01>, <2.4 + 0.36, 0.66, CbZ + 0.3> Other(texture { pigment { srgb 0.03 } finish { ambient 0 diffuse 0.6 specular 0.2 roughness 0.05 } }) }
box { <2.4 - 0.8, 0, CbZ - 0.45>, <2.4 + 0.8, 0.03, CbZ> Other(texture { pigment { granite color_map { [0 srgb 0.35] [1 srgb 0.45] } scale 0.1 } finish { ambient 0 diffuse 0.8 specular 0.3 roughness 0.01 } }) }
// door handle
sphere { <DoorX + DoorW / 2 - 0.08, 1.0, RoomD + 0.005>, 0.025 Other(T_Metal) }

// ---- pictures ----
object { Picture(0.75, 0.55, pigment { gradient y color_map { [0 srgb <0.75, 0.62, 0.42>] [0.45 srgb <0.55, 0.52, 0.35>] [0.55 srgb <0.62, 0.74, 0.82>] [1 srgb <0.86, 0.88, 0.9>] } scale 0.52 translate -0.26 * y }, T_DarkWood) translate <2.4, 1.65, CbZ> }
object { Picture(0.42, 0.56, pigment { bozo turbulence 0.6 color_map { [0 srgb <0.8, 0.33, 0.24>] [0.5 srgb <0.93, 0.86, 0.72>] [1 srgb <0.2, 0.3, 0.45>] } scale 0.12 }, Matt(srgb 0.05)) translate <0.8, 1.55, RoomD> }
object { Picture(0.36, 0.46, pigment { bozo color_map { [0 srgb <0.9, 0.88, 0.82>] [1 srgb <0.3, 0.45, 0.4>] } scale 0.08 }, Matt(srgb 0.92)) rotate y * -90 translate <0, 1.5, 3.95 + 0.05> }

// ---- furniture ----
// sideboard in the left alcove, with a table lamp
#declare SbTex = texture { pigment { srgb <0.9, 0.89, 0.86> } finish { ambient 0 diffuse 0.9 specular 0.1 roughness 0.05 } };
union {
  box { <0.12, 0.12, RoomD - 0.45>, <1.5, 0.78, RoomD - 0.02> Other(SbTex) }
  box { <0.15, 0, RoomD - 0.42>, <0.2, 0.12, RoomD - 0.38> Other(T_DarkWood) }
  box { <1.42, 0, RoomD - 0.42>, <1.47, 0.12, RoomD - 0.38> Other(T_DarkWood) }
  box { <0.81, 0.16, RoomD - 0.46>, <0.82, 0.74, RoomD - 0.45> Other(Matt(srgb 0.5)) }
}
// table lamp: ceramic base the colour of pale stone (close to the wall), linen shade
union {
  sphere { <0.4, 0.78 + 0.13, RoomD - 0.22>, 0.12 Other(Glossy(srgb <0.84, 0.82, 0.78>)) }
  cylinder { <0.4, 0.9, RoomD - 0.22>, <0.4, 1.12, RoomD - 0.22>, 0.01 Other(T_Metal) }
  object { Shade(0.19, 0.14, 0.24, srgb <0.93, 0.9, 0.82>) translate <0.4, 1.02, RoomD - 0.22> }
}
Bulb(<0.4, 1.12, RoomD - 0.22>, 1.6 * Exposure)

// sofa, its back to the camera, facing the fire
#declare SofaTex = Fabric(srgb <0.36, 0.42, 0.5>);
union {
  box { <1.1, 0.1, 1.55>, <3.0, 0.42, 2.4> }
  box { <1.1, 0.1, 1.45>, <3.0, 0.8, 1.65> }
  box { <0.95, 0.1, 1.45>, <1.17, 0.6, 2.4> }
  box { <2.93, 0.1, 1.45>, <3.15, 0.6, 2.4> }
  box { <1.19, 0.42, 1.66>, <2.04, 0.52, 2.38> }
  box { <2.06, 0.42, 1.66>, <2.91, 0.52, 2.38> }
  Other(SofaTex)
}
box { <1.0, 0, 1.5>, <3.1, 0.1, 2.35> Other(T_DarkWood) }
// cushions
sphere { 0, 1 scale <0.2, 0.18, 0.07> rotate x * -12 translate <1.42, 0.7, 1.78> Other(Fabric(srgb <0.78, 0.62, 0.35>)) }
sphere { 0, 1 scale <0.2, 0.18, 0.07> rotate x * -12 translate <2.7, 0.7, 1.78> Other(Fabric(srgb <0.85, 0.84, 0.8>)) }

// rug and coffee table
box { <1.2, 0, 2.5>, <3.4, 0.012, 3.6> Other(Fabric(srgb <0.72, 0.66, 0.58>)) }
union {
  box { <1.8, 0.36, 2.75>, <3.0, 0.4, 3.3> }
  #for (Ix, 0, 1)
    #for (Iz, 0, 1)
      box { <1.85 + Ix * 1.05, 0, 2.8 + Iz * 0.42>, <1.9 + Ix * 1.05, 0.36, 2.85 + Iz * 0.42> }
    #end
  #end
  Other(T_DarkWood)
}
// books on the table
box { <2.1, 0.4, 2.95>, <2.38, 0.44, 3.15> Other(Matt(srgb <0.6, 0.15, 0.12>)) }
box { <2.12, 0.44, 2.97>, <2.36, 0.47, 3.12> Other(Matt(srgb <0.9, 0.88, 0.8>)) }

// armchair by the window
union {
  box { <0.35, 0.15, 2.2>, <1.05, 0.45, 2.9> }
  box { <0.3, 0.15, 2.2>, <0.48, 0.95, 2.9> }
  box { <0.35, 0.15, 2.15>, <1.05, 0.65, 2.3> }
  box { <0.35, 0.15, 2.8>, <1.05, 0.65, 2.95> }
  Other(Fabric(srgb <0.55, 0.42, 0.3>))
}
#for (Ix, 0, 1)
  #for (Iz, 0, 1)
    cylinder { <0.4 + Ix * 0.6, 0, 2.22 + Iz * 0.68>, <0.4 + Ix * 0.6, 0.15, 2.22 + Iz * 0.68>, 0.02 Other(T_DarkWood) }
  #end
#end

// plant between the chimney breast and the door; a pale pot close to the wall's colour
object { Plant(0.16, 1.45, 7, T_Leaf, Matt(srgb <0.85, 0.83, 0.79>)) translate <3.55, 0, 3.95> }
// small plant on the mantel
object { Plant(0.06, 0.34, 3, T_Leaf, T_Terracotta) translate <2.95, 1.13, CbZ - 0.09> }
// candlesticks on the mantel
cylinder { <1.95, 1.13, CbZ - 0.08>, <1.95, 1.4, CbZ - 0.08>, 0.025 Other(Glossy(srgb <0.86, 0.84, 0.8>)) }

// side table with a second lamp, by the sofa's right arm
union {
  cylinder { <0, 0, 0>, <0, 0.55, 0>, 0.025 Other(T_Metal) }
  cylinder { <0, 0.55, 0>, <0, 0.58, 0>, 0.22 Other(T_DarkWood) }
  cylinder { <0, 0.58, 0>, <0, 0.92, 0>, 0.05 Other(Glossy(srgb <0.2, 0.3, 0.36>)) }
  object { Shade(0.17, 0.12, 0.22, srgb <0.93, 0.9, 0.82>) translate <0, 0.85, 0> }
  translate <3.75, 0, 3.0>
}
Bulb(<3.75, 0.98, 3.0>, 1.4 * Exposure)
