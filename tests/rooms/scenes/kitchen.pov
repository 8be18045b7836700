// Kitchen-diner: base units and an oak worktop along the back and left walls with a tiled
// splashback, a sash window over the sink, a glazed door to the hall, an open shelf, a table and
// chairs, a pendant over the table, and herbs and a tall plant in front of the (green) walls.
// Room: x 0..3.8 (left wall at x = 0), z 0..4.6 (back wall at z = 4.6, window), y 0..2.55.
#version 3.7;
#include "common.inc"

#declare RoomW = 3.8;
#declare RoomD = 4.6;
#declare RoomH = 2.55;
#declare T = 0.15;

camera {
  location <3.45, 1.55, 0.2>
  look_at <1.3, 1.08, 4.6>
  right x * image_width / image_height
  angle 72
}

Outside()

// ---- window over the sink, back wall, centred at x = 1.25 ----
#declare WinW = 1.0;
#declare WinH = 1.2;
#declare WinSill = 1.05;
#declare WinX = 1.25;
#declare WinFrame = transform { translate <WinX, WinSill, RoomD> }
object { WindowUnit(WinW, WinH, T) transform { WinFrame } }
WindowLight(WinW, WinH, T, (Light = 0 ? 3.2 : 2.2), WinFrame)
Sun(<-0.5, 0.8, 1>, 3.2)

// ---- walls ----
#declare DoorX = 3.05;
#declare DoorW = 0.8;
#declare DoorH = 2.0;
box { <-T, 0, -T>, <0, RoomH, RoomD + T> Wall(1) }
difference {
  box { <-T, 0, RoomD>, <RoomW + T, RoomH, RoomD + T> }
  box { <WinX - WinW / 2, WinSill, RoomD - 0.1>, <WinX + WinW / 2, WinSill + WinH, RoomD + T + 0.1> }
  box { <DoorX - DoorW / 2, -0.1, RoomD - 0.1>, <DoorX + DoorW / 2, DoorH, RoomD + T + 0.1> }
  Wall(2)
}
box { <RoomW, 0, -T>, <RoomW + T, RoomH, RoomD + T> Wall(3) }
box { <-T, 0, -T>, <RoomW + T, RoomH, 0> Wall(4) }

// floor: grey stone tiles; ceiling
box { <-T, -0.1, -T>, <RoomW + T, 0, RoomD + T>
  Other(texture {
    pigment { brick srgb 0.32, srgb <0.62, 0.6, 0.56> brick_size <0.6, 0.6, 0.6> mortar 0.006 rotate x * 90 }
    finish { ambient 0 diffuse 0.85 specular 0.15 roughness 0.02 }
  })
}
box { <-T, RoomH, -T>, <RoomW + T, RoomH + 0.1, RoomD + T> Ceiling() }

// ---- woodwork: skirting, door (glazed top panels), architraves ----
#declare SkH = 0.14;
#declare SkT = 0.02;
#declare UnitTop = 0.92;
#declare UnitD = 0.62;
union {
  box { <0, 0, 0>, <SkT, SkH, RoomD - UnitD - 1.0> }
  box { <DoorX + DoorW / 2 + 0.07, 0, RoomD - SkT>, <RoomW, SkH, RoomD> }
  box { <2.35, 0, RoomD - SkT>, <DoorX - DoorW / 2 - 0.07, SkH, RoomD> }
  box { <RoomW - SkT, 0, 0>, <RoomW, SkH, RoomD> }
  difference {
    box { <DoorX - DoorW / 2 - 0.075, 0, RoomD - 0.022>, <DoorX + DoorW / 2 + 0.075, DoorH + 0.075, RoomD> }
    box { <DoorX - DoorW / 2, -0.1, RoomD - 0.1>, <DoorX + DoorW / 2, DoorH, RoomD + 0.1> }
  }
  difference {
    box { <DoorX - DoorW / 2, 0.005, RoomD + 0.02>, <DoorX + DoorW / 2, DoorH, RoomD + 0.06> }
    box { <DoorX - DoorW / 2 + 0.1, 0.2, RoomD + 0.01>, <DoorX + DoorW / 2 - 0.1, 0.85, RoomD + 0.035> }
    box { <DoorX - DoorW / 2 + 0.1, 1.0, RoomD>, <DoorX + DoorW / 2 - 0.1, DoorH - 0.1, RoomD + 0.1> }
  }
  Wood()
}
// the door's glazing: seen through, a dim hall beyond
box { <DoorX - DoorW / 2 + 0.1, 1.0, RoomD + 1.2>, <DoorX + DoorW / 2 - 0.1, DoorH - 0.1, RoomD + 1.21>
  Other(texture { pigment { srgb <0.55, 0.5, 0.45> } finish { ambient 0 diffuse 0 emission (Light = 2 ? 0.15 : 0.5) } })
}
sphere { <DoorX + DoorW / 2 - 0.08, 1.0, RoomD + 0.005>, 0.025 Other(T_Metal) }

// ---- kitchen units: back run x 0..2.35, left run z 1.6..RoomD ----
#declare UnitTex = texture { pigment { srgb <0.2, 0.24, 0.27> } finish { ambient 0 diffuse 0.85 specular 0.25 roughness 0.02 } };
#declare Worktop = texture { pigment { wood turbulence 0.05 color_map { [0 srgb <0.66, 0.5, 0.34>] [1 srgb <0.58, 0.42, 0.28>] } scale <0.02, 0.02, 1> rotate y * 90 } finish { ambient 0 diffuse 0.9 specular 0.2 roughness 0.02 } };
union {
  box { <0, 0.1, RoomD - UnitD + 0.02>, <2.35, UnitTop - 0.04, RoomD> }
  box { <0, 0.1, 1.6>, <UnitD - 0.02, UnitTop - 0.04, RoomD> }
  Other(UnitTex)
}
// plinth
union {
  box { <0, 0, RoomD - UnitD + 0.08>, <2.35, 0.1, RoomD> }
  box { <0, 0, 1.6>, <UnitD - 0.08, 0.1, RoomD> }
  Other(Matt(srgb 0.08))
}
// door gaps and handles on the units
#for (I, 0, 3)
  box { <0.6 * I - 0.002, 0.1, RoomD - UnitD + 0.015>, <0.6 * I + 0.002, UnitTop - 0.04, RoomD - UnitD + 0.025> Other(Matt(srgb 0.04)) }
  cylinder { <0.6 * I + 0.3 - 0.12, UnitTop - 0.12, RoomD - UnitD + 0.0>, <0.6 * I + 0.3 + 0.12, UnitTop - 0.12, RoomD - UnitD + 0.0>, 0.008 Other(T_Metal) }
#end
#for (I, 0, 3)
  box { <UnitD - 0.025, 0.1, 1.6 + 0.6 * I - 0.002>, <UnitD - 0.015, UnitTop - 0.04, 1.6 + 0.6 * I + 0.002> Other(Matt(srgb 0.04)) }
  cylinder { <UnitD - 0.0, UnitTop - 0.12, 1.6 + 0.6 * I + 0.18>, <UnitD - 0.0, UnitTop - 0.12, 1.6 + 0.6 * I + 0.42>, 0.008 Other(T_Metal) }
#end
// worktop
union {
  box { <0, UnitTop - 0.04, RoomD - UnitD - 0.02>, <2.37, UnitTop, RoomD> }
  box { <0, UnitTop - 0.04, 1.58>, <UnitD + 0.02, UnitTop, RoomD> }
  Other(Worktop)
}
// tiled splashback: white metro tiles, up to the window sill on the back wall and 0.6 m on the left
#declare Tiles = texture {
  pigment { brick srgb 0.55, srgb <0.93, 0.93, 0.9> brick_size <0.15, 0.075, 0.15> mortar 0.004 }
  finish { ambient 0 diffuse 0.85 specular 0.45 roughness 0.005 }
};
box { <0, UnitTop, RoomD - 0.012>, <2.35, WinSill - 0.12, RoomD> Other(Tiles) }
box { <0, UnitTop, 1.6>, <0.012, UnitTop + 0.6, RoomD> Other(texture { Tiles rotate y * 90 }) }
// sink and tap under the window
box { <WinX - 0.35, UnitTop - 0.005, RoomD - 0.52>, <WinX + 0.35, UnitTop + 0.002, RoomD - 0.1> Other(texture { pigment { srgb 0.75 } finish { ambient 0 diffuse 0.5 specular 0.7 roughness 0.005 metallic } }) }
union {
  cylinder { <WinX, UnitTop, RoomD - 0.07>, <WinX, UnitTop + 0.3, RoomD - 0.07>, 0.015 }
  cylinder { <WinX, UnitTop + 0.3, RoomD - 0.07>, <WinX, UnitTop + 0.3, RoomD - 0.25>, 0.013 }
  Other(texture { pigment { srgb 0.8 } finish { ambient 0 diffuse 0.3 specular 0.8 roughness 0.002 reflection 0.3 metallic } })
}

// open shelf on the left wall with jars and bowls
box { <0, 1.55, 2.0>, <0.24, 1.58, 3.6> Other(T_Oak) }
#for (I, 0, 5)
  cylinder { <0.12, 1.58, 2.15 + I * 0.25>, <0.12, 1.58 + 0.12 + mod(I, 3) * 0.04, 2.15 + I * 0.25>, 0.055
    Other(Glossy(srgb (mod(I, 2) = 0 ? <0.9, 0.89, 0.85> : <0.45, 0.3, 0.22>))) }
#end

// herbs on the worktop in front of the green wall, a chopping board, a kettle
object { Plant(0.07, 0.38, 5, T_Leaf, T_Terracotta) translate <0.28, UnitTop, 3.3> }
object { Plant(0.06, 0.32, 9, T_Leaf, T_Terracotta) translate <0.3, UnitTop, 2.9> }
box { <0.05, UnitTop, 2.2>, <0.07, UnitTop + 0.35, 2.6> rotate z * -8 translate <0.05, 0, 0> Other(T_Oak) }
union {
  cylinder { <0, 0, 0>, <0, 0.2, 0>, 0.09 }
  sphere { <0, 0.2, 0>, 0.09 scale <1, 0.4, 1> }
  Other(Glossy(srgb <0.85, 0.25, 0.18>))
  translate <2.0, UnitTop, RoomD - 0.3>
}

// a tall plant on the floor beside the door, in front of the wall, sage leaves near the paint
#declare T_Sage = texture {
  pigment { granite color_map { [0 srgb <0.45, 0.55, 0.4>] [1 srgb <0.55, 0.64, 0.5>] } scale 0.1 }
  finish { ambient 0 diffuse 0.85 specular 0.2 roughness 0.02 }
};
object { Plant(0.18, 1.5, 21, T_Sage, Matt(srgb <0.88, 0.86, 0.8>)) translate <3.58, 0, 4.25> }

// picture on the back wall between window and door
object { Picture(0.36, 0.46, pigment { bozo turbulence 0.5 color_map { [0 srgb <0.9, 0.75, 0.3>] [0.5 srgb <0.95, 0.93, 0.88>] [1 srgb <0.25, 0.35, 0.5>] } scale 0.1 }, Matt(srgb 0.06)) translate <2.1, 1.65, RoomD> }

// table and chairs
union {
  box { <1.5, 0.72, 1.3>, <2.7, 0.76, 2.2> }
  #for (Ix, 0, 1)
    #for (Iz, 0, 1)
      box { <1.56 + Ix * 1.04, 0, 1.36 + Iz * 0.74>, <1.62 + Ix * 1.04, 0.72, 1.42 + Iz * 0.74> }
    #end
  #end
  Other(T_Oak)
}
#macro Chair(P, A)
  union {
    box { <-0.21, 0.44, -0.2>, <0.21, 0.47, 0.2> }
    box { <-0.21, 0.47, 0.17>, <0.21, 0.9, 0.2> }
    #for (Ix, 0, 1)
      #for (Iz, 0, 1)
        cylinder { <-0.18 + Ix * 0.36, 0, -0.17 + Iz * 0.34>, <-0.18 + Ix * 0.36, 0.44, -0.17 + Iz * 0.34>, 0.018 }
      #end
    #end
    Other(Glossy(srgb <0.85, 0.82, 0.76>))
    rotate y * A translate P
  }
#end
Chair(<1.85, 0, 2.45>, 0)
Chair(<2.4, 0, 2.45>, 0)
Chair(<1.85, 0, 1.05>, 180)
Chair(<1.25, 0, 1.75>, 90)
// bowl of lemons
sphere { <2.1, 0.76, 1.75>, 0.15 scale <1, 0.45, 1> translate <0, 0.02, 0> Other(Glossy(srgb <0.92, 0.91, 0.88>)) }
#for (I, 0, 2)
  sphere { <2.05 + I * 0.06, 0.86, 1.72 + mod(I, 2) * 0.06>, 0.045 scale <1, 0.85, 1> Other(Matt(srgb <0.95, 0.8, 0.2>)) }
#end

// pendant over the table: an enamel dome, lit in the evening; a small lamp on the worktop
union {
  cylinder { <2.1, 1.75, 1.75>, <2.1, RoomH, 1.75>, 0.004 }
  difference {
    sphere { <2.1, 1.55, 1.75>, 0.22 }
    sphere { <2.1, 1.55, 1.75>, 0.21 }
    plane { y, 1.55 }
    translate <0, 0.0, 0>
  }
  Other(Glossy(srgb <0.18, 0.3, 0.28>))
}
Bulb(<2.1, 1.62, 1.75>, 2.2)
union {
  cylinder { <0, 0, 0>, <0, 0.25, 0>, 0.05 Other(Glossy(srgb <0.9, 0.88, 0.84>)) }
  object { Shade(0.12, 0.09, 0.16, srgb <0.94, 0.91, 0.84>) translate <0, 0.22, 0> }
  translate <0.25, UnitTop, 2.0>
}
Bulb(<0.25, UnitTop + 0.3, 2.0>, 0.8)
